/* Checks both sides of the boundary. */
int is_adult(int age);

int main(void)
{
    return !(is_adult(18) == 1 && is_adult(17) == 0);
}
