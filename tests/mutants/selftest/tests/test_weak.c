/* Checks far from the boundary: a shifted boundary passes. */
int is_adult(int age);
int clamp_positive(int x);
int twice(int x);

int main(void)
{
    return !(is_adult(30) == 1 && is_adult(3) == 0 && clamp_positive(5) == 5 &&
             clamp_positive(1) == 1 && clamp_positive(-3) == 0 && twice(4) == 8);
}
