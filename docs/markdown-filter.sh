#!/bin/sh
# Doxygen's filter for the Markdown page: each section heading gets the id GitHub gives it
# (`## Reading games {#reading-games}`), so that the page's links to its own sections, written for
# GitHub, resolve in the API documentation too. Code blocks are left as they are.
exec awk '
/^[ ]*```/ { fence = !fence }
!fence && /^##+ / {
  id = $0; sub(/^#+ +/, "", id); id = tolower(id)
  gsub(/[^a-z0-9 _-]/, "", id); gsub(/ /, "-", id)
  print $0 " {#" id "}"; next
}
{ print }' "$1"
