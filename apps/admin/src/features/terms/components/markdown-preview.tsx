import { Markdown } from 'markdown-to-jsx/react';

/**
 * The Markdown as the player site shows it (markdown-to-jsx, same options: raw HTML stays text,
 * URLs pass the library's sanitizer).
 */
export function MarkdownPreview({ text }: { text: string }) {
  return (
    <div className="max-h-80 space-y-2 overflow-y-auto rounded-lg border border-white/10 bg-white/[0.02] p-3 text-sm leading-relaxed text-slate-300 [&_a]:text-gold-300 [&_a]:underline [&_h1]:text-lg [&_h1]:font-bold [&_h1]:text-white [&_h2]:font-bold [&_h2]:text-white [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc">
      <Markdown options={{ disableParsingRawHTML: true, tagfilter: true }}>{text}</Markdown>
    </div>
  );
}
