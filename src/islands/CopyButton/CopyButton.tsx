import { useEffect, useState } from 'react';

interface Props {
  /** The code to copy (VA number, bill key, store code). */
  text: string;
  /** What is copied, for screen readers: "Salin Nomor VA". */
  label: string;
}

/**
 * A small "Salin" button beside a payment code. It appears only once the island runs (without
 * JavaScript the code stays on the page to select by hand) and only where the clipboard is available.
 */
export default function CopyButton({ text, label }: Props) {
  const [ready, setReady] = useState(false);
  const [copied, setCopied] = useState<'ok' | 'fail' | null>(null);
  useEffect(() => {
    setReady(Boolean(navigator.clipboard));
  }, []);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  if (!ready) return null;
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setCopied('ok'),
      () => setCopied('fail'),
    );
  };
  return (
    <button type="button" className="copy-button outline secondary" aria-label={label} onClick={copy}>
      {copied === 'ok' ? 'Tersalin' : copied === 'fail' ? 'Gagal menyalin' : 'Salin'}
      <span className="sr-only" role="status">
        {copied === 'ok' ? `${label}: tersalin` : ''}
      </span>
    </button>
  );
}
