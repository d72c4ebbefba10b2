import { type ReactNode, useEffect, useRef } from 'react';
import '../../styles/pico/modal.scss';

/** A native modal dialog driven by `open`; Esc asks the owner to close it (onClose). */
export function Modal({
  open,
  onClose,
  title,
  id,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  id: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      id={id}
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <article>
        <h2 id={`${id}-title`} className="step-title">
          {title}
        </h2>
        {children}
      </article>
    </dialog>
  );
}
