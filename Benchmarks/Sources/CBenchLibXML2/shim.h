#ifndef BENCH_CLIBXML2_SHIM_H
#define BENCH_CLIBXML2_SHIM_H

// The same ICU switch as the package's CLibXML2 (see its shim.h).
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlwriter.h>
#include <libxml/xmlschemas.h>

#endif
