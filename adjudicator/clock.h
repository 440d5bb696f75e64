/*
 * clock.h - UTC times: the clock of the history, and the --now override
 * that every command takes.
 */
#ifndef CLOCK_H
#define CLOCK_H

/* UTC time now, or the --now override, as "YYYY-MM-DDTHH:MM:SSZ". */
int time_now(const char *override, char out[32]);
/* Parses ISO 8601 with a zone into UTC seconds; -1 on error. */
long long time_parse(const char *text);
/* Seconds since 1970 as "YYYY-MM-DDTHH:MM:SSZ" (the number itself when
 * it is no date). */
void time_format(long long t, char out[32]);

#endif
