import { type ReactNode, useEffect, useId, useRef } from 'react';

interface CartDialogProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  /** The buttons row. */
  actions: ReactNode;
  /** Escape: the same as the dialog's dismiss button. */
  onCancel: () => void;
  tone?: 'default' | 'error';
}

/**
 * The cart's alerts, questions and the success notice: a modal native <dialog> (focus kept inside, Escape closes).
 * Where showModal is missing (old browsers, jsdom) it opens non-modally, still announced as a dialog.
 */
export function CartDialog({ open, title, children, actions, onCancel, tone = 'default' }: CartDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`cart-dialog ${tone}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {open && (
        <>
          <h2 id={titleId}>{title}</h2>
          <div className="cart-dialog-body">{children}</div>
          <div className="cart-dialog-actions">{actions}</div>
        </>
      )}
    </dialog>
  );
}
