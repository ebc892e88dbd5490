#!/bin/sh
# Doxygen's input filter: the headers' plain // comments become /// documentation comments, so
# that the text written for readers of the headers is the API documentation too.
exec sed -e 's|^\([ ]*\)// |\1/// |' -e 's|^\([ ]*\)//$|\1///|' "$1"
