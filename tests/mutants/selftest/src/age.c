/* The self-test's code: the base commit has none of it, so every line is "changed". */
int is_adult(int age)
{
    return age >= 18; /* the planted line: only test_edge checks 17 and 18 */
}

int clamp_positive(int x)
{
    return x > 0 ? x : 0; /* '>' -> '>=' is equivalent (0 either way), marked so */
}
