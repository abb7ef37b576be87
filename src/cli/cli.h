/*
 * cli.h -- the commands of src/cli: thin ones that read their options,
 * ask the library and print -- check, deal, legal, solve, rules, serve,
 * and the score keeping of real tables (sheet, tournament, over the
 * table layer's sheets and tournaments, kept by keep.h).  main.c, the
 * dispatcher, calls them and the commands of the terminal game
 * (term/term.h) and of the match tools (lab/lab.h).  Nothing below
 * src/cli includes this header.
 */
#ifndef SK_CLI_H
#define SK_CLI_H

#include "common/common.h"

/* Each subcommand: argc/argv start at the subcommand's name; returns the
 * process exit status. */
int skx_cmd_check(int argc, char **argv);
int skx_cmd_deal(int argc, char **argv);
int skx_cmd_legal(int argc, char **argv);
int skx_cmd_solve(int argc, char **argv);
int skx_cmd_rules(int argc, char **argv);
int skx_cmd_sheet(int argc, char **argv);
int skx_cmd_tournament(int argc, char **argv);
int skx_cmd_serve(int argc, char **argv);

#endif
