/*
 * clock.c - UTC times and the --now override.
 */
#define _DEFAULT_SOURCE
#include "clock.h"
#include "game.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

long long
time_parse(const char *text)
{
	struct tm tm;
	int y, mo, d, h, mi, s = 0, n = 0, oh = 0, om = 0;
	char sign = 0;
	const char *p;
	long long t;

	memset(&tm, 0, sizeof(tm));
	if (sscanf(text, "%4d-%2d-%2dT%2d:%2d%n", &y, &mo, &d, &h, &mi,
	    &n) != 5)
		return -1;
	p = text + n;
	if (*p == ':') {
		if (sscanf(p, ":%2d%n", &s, &n) != 1)
			return -1;
		p += n;
	}
	if (*p == 'Z' && p[1] == '\0')
		sign = 'Z';
	else if ((*p == '+' || *p == '-') && sscanf(p + 1, "%2d:%2d", &oh,
	    &om) == 2 && strlen(p) == 6)
		sign = *p;
	else
		return -1;
	if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 ||
	    s > 60 || oh > 23 || om > 59)
		return -1;
	tm.tm_year = y - 1900;
	tm.tm_mon = mo - 1;
	tm.tm_mday = d;
	tm.tm_hour = h;
	tm.tm_min = mi;
	tm.tm_sec = s;
	t = (long long)timegm(&tm);
	if (sign == '+')
		t -= oh * 3600 + om * 60;
	else if (sign == '-')
		t += oh * 3600 + om * 60;
	return t;
}

void
time_format(long long t, char out[32])
{
	time_t tt = (time_t)t;
	struct tm tm;

	if (gmtime_r(&tt, &tm) == NULL ||
	    strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
		snprintf(out, 32, "%lld", t);
}

int
time_now(const char *override, char out[32])
{
	long long t;

	if (override == NULL) {
		time_format((long long)time(NULL), out);
		return 0;
	}
	t = time_parse(override);
	if (t < 0)
		return -1;
	time_format(t, out);
	return 0;
}
