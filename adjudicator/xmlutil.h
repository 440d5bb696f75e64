/*
 * xmlutil.h - small helpers over libxml2 trees, and schema validation.
 */
#ifndef XMLUTIL_H
#define XMLUTIL_H

#include <stddef.h>
#include <libxml/tree.h>

/* The attribute's value copied into buf; 0 if present, -1 if absent. */
int xml_attr(xmlNode *n, const char *name, char *buf, size_t len);
/* The attribute's integer value, or def when absent or not a number. */
int xml_attr_int(xmlNode *n, const char *name, int def);
/* 1 when the attribute says "yes". */
int xml_attr_yes(xmlNode *n, const char *name);
/* Newly allocated attribute value (free with free()), or NULL. */
char *xml_attr_dup(xmlNode *n, const char *name);
/* The node's text content, newly allocated (free with free()). */
char *xml_text(xmlNode *n);
/* The first element child named name, or NULL; and the next sibling. */
xmlNode *xml_child(xmlNode *n, const char *name);
xmlNode *xml_next(xmlNode *n, const char *name);
int xml_is(xmlNode *n, const char *name);

/* Adds <name> with text content as a child; returns the new node. */
xmlNode *xml_add(xmlNode *parent, const char *name, const char *text);
void xml_set_int(xmlNode *n, const char *name, long v);
void xml_set(xmlNode *n, const char *name, const char *v);

/*
 * Parses a file (or a memory buffer named file) without network access and
 * validates it against the schema formats/SCHEMA in the data directory.
 * Problems become diagnostics naming file and line.  Returns the document
 * (free with xmlFreeDoc) or NULL.
 */
xmlDoc *xml_load_valid(const char *file, const char *schema);
/*
 * The same with flags: XML_LOAD_NOFOLLOW refuses a symbolic link,
 * XML_LOAD_LEAN validates as xml_validate_lean below.  Any
 * file that is not a regular file, or larger than XML_MAX_FILE bytes, is
 * refused before it is read, and any DOCTYPE before anything is expanded
 * (EXIT_DATAERR).  A NULL schema skips validation.
 */
enum { XML_LOAD_NOFOLLOW = 1, XML_LOAD_LEAN = 2 };
#define XML_MAX_FILE ((size_t)1 << 30)
xmlDoc *xml_load(const char *file, const char *schema, int flags);
xmlDoc *xml_parse_valid(const char *buf, size_t len, const char *file,
    const char *schema);
/*
 * Validates against SCHEMA without its pattern facets, nor those of the
 * grammars it includes: the caller checks those values, which is far
 * cheaper (issue 12).  For files this program wrote; anything from
 * outside gets xml_load_valid.
 */
int xml_validate_lean(xmlDoc *doc, const char *file, const char *schema);
/*
 * Whether len bytes are well-formed XML, read without building a tree
 * (the cheap check of a file before it is written); 0, or -1 with a
 * diagnostic.
 */
int xml_well_formed(const char *buf, size_t len, const char *file);
/* Validates an existing document; 0 when valid. */
int xml_validate(xmlDoc *doc, const char *file, const char *schema);

/*
 * The data directory holding formats/ and templates/: $ADJUDICATOR_DATADIR,
 * else the source tree the running binary was built in (build/..), else
 * BIN/../share/adjudicator beside an installed binary, else the DATADIR
 * it was built for.  Returns a path built from it (caller frees).
 */
char *data_path(const char *relative);

void xml_init(void);
/*
 * Frees the schemas compiled so far (kept for later checks, issue 18.9):
 * for a command that checks no more files (report: half a megabyte of
 * the game's schema, issue 20.8).  A later check compiles them again.
 */
void xml_schemas_release(void);
void xml_cleanup(void);

#endif
