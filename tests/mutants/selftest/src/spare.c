/* A dead store: the compiler drops it, so a changed constant there compiles to the same code. */
int twice(int x)
{
    int spare = 7;
    (void)spare;
    return 2 * x;
}
