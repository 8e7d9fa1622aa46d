import { Markdown } from 'markdown-to-jsx/react';

/**
 * A document's Markdown as React elements (markdown-to-jsx: no innerHTML). Raw HTML in the text
 * stays text, links and images pass the library's URL sanitizer (no javascript:, vbscript: or
 * data: links), and links open in a new tab without handing it this page.
 */
export function DocumentText({ text }: { text: string }) {
  return (
    <div className="terms-markdown space-y-3 text-[14px] leading-relaxed text-soft [&_a]:text-gold [&_a]:underline [&_h1]:text-xl [&_h1]:font-bold [&_h1]:text-white [&_h2]:text-lg [&_h2]:font-bold [&_h2]:text-white [&_h3]:font-bold [&_h3]:text-white [&_li]:ml-5 [&_ol]:list-decimal [&_strong]:text-white [&_ul]:list-disc">
      <Markdown
        options={{
          disableParsingRawHTML: true,
          tagfilter: true,
          overrides: { a: { props: { target: '_blank', rel: 'noopener noreferrer' } } },
        }}
      >
        {text}
      </Markdown>
    </div>
  );
}
