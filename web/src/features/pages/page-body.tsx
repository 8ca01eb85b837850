import type { ReactNode } from 'react';

/**
 * The content system's plain text as blocks: a blank line ends a block, a block starting with "## "
 * opens with a heading, the other lines of a block are kept as line breaks (addresses). Only text is
 * rendered, never markup.
 */
export function PageBody({ text }: { text: string }) {
  const blocks = text.split(/\n\s*\n/).filter((block) => block.trim() !== '');
  return (
    <div className="content-page-body">
      {blocks.map((block, index) => {
        const [first = '', ...rest] = block.split('\n');
        if (first.startsWith('## '))
          return (
            <section key={index}>
              <h2>{first.slice(3)}</h2>
              {rest.length > 0 && <p>{withLineBreaks(rest)}</p>}
            </section>
          );
        return <p key={index}>{withLineBreaks(block.split('\n'))}</p>;
      })}
    </div>
  );
}

const withLineBreaks = (lines: string[]): ReactNode[] =>
  lines.flatMap((line, index) => (index === 0 ? [line] : [<br key={index} />, line]));
