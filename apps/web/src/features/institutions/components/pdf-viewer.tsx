import { useEffect, useMemo } from 'react';

/** Shows a PDF given as base64 in the page (the browser's own viewer). */
export function PdfViewer({ base64, title }: { base64: string; title: string }) {
  const url = useMemo(() => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    return URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  }, [base64]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <iframe
      title={title}
      src={url}
      style={{ width: '100%', height: 640, border: '1px solid var(--mantine-color-gray-3)' }}
    />
  );
}
