/*
 * people_table.c -- the model of people's bidding (people.c), written by
 * `schafkopf learn --people --holdout 4` from 1000 real games (750 fitted).
 * Do not edit: learn again.
 */
#include "ai_internal.h"

const sk_people_model skx_people_table = {
    {
        {-10.24028, 1.79379, 1.47824, 0.46265, 0.66055, 0.42684, -0.34160, 0.23211}, /* Sauspiel */
        {-7.85251, -0.18327, 1.29311, 0.46134, 0.60042, 0.59852, -0.69335, 2.47892}, /* Solo */
        {-5.73535, 1.26970, 0.51646, 1.56846, 0.90529, 1.32872, -1.26757, -0.41875}, /* Wenz */
    },
    {0.49954, 0.33963, 0.23746}, /* the bars */
    {-1.87404, 1.97790, 1.01433, 0.60127, 0.37128, 1.56437}, /* the called Sau */
};
