/**
 * The player site's first paint, before its JavaScript (issue 13, item 6): index.html carries a
 * shell of the layout (the header bar with the logo and, on the home page, the first banner image
 * where the banner goes), which React replaces on its first render. Under a phone's network the
 * entry script and the catalogue take seconds to arrive; the shell paints as soon as the HTML and
 * the style sheet have, and on the home page the banner, the page's largest element, with it.
 *
 * The banner is the home page's alone, so it waits in a template that this one inline script
 * puts in place on `/` (a template's image is not fetched until then). The server's
 * content-security policy allows no inline script but this one, by its hash (app.ts).
 */
export const SHELL_SCRIPT = "if(location.pathname==='/'){var h=document.getElementById('shell-hero');if(h)h.replaceWith(h.content)}";
