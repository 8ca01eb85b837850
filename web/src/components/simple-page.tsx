import { useRef, type ReactNode } from 'react';
import { useDocumentTitle } from '../lib/document-title';

/** A page with a heading and a lead text; the heading gets focus so screen readers announce the new page. */
export function SimplePage({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(title);
  return (
    <section className="simple-page" aria-labelledby="page-title">
      <h1 id="page-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p>{description}</p>
      {children}
    </section>
  );
}
