import { useEffect, useRef } from 'react';

/**
 * The outcome of an action (saved, added, deleted), announced and focused: the form or button that
 * had the focus is gone, so the focus lands here instead of falling to the page body.
 */
export function Announcement({ text }: { text: string }) {
  const paragraph = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    paragraph.current?.focus();
  }, [text]);
  return (
    <p ref={paragraph} tabIndex={-1} role="status" className="notice-success">
      {text}
    </p>
  );
}
