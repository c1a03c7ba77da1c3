// The app's alerts, questions and notices (cart, order page): one modal dialog.
import { type ReactNode, useEffect, useId, useRef } from 'react';
import './dialog.css';

interface DialogProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  /** The buttons row. */
  actions: ReactNode;
  /** Escape or the browser's cancel: the same as the dialog's dismiss button. */
  onCancel: () => void;
  tone?: 'default' | 'error';
}

/**
 * A modal dialog on the native <dialog> element: focus is kept inside and Escape closes it. Where showModal is
 * missing (old browsers, jsdom) it opens non-modally, still announced as a dialog.
 */
export function Dialog({ open, title, children, actions, onCancel, tone = 'default' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      // The main action (last in the row) takes the focus, not the first link of the text.
      dialog.querySelector<HTMLElement>('.app-dialog-actions > :last-child')?.focus();
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`app-dialog ${tone}`}
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {open && (
        <>
          <h2 id={titleId}>{title}</h2>
          <div className="app-dialog-body">{children}</div>
          <div className="app-dialog-actions">{actions}</div>
        </>
      )}
    </dialog>
  );
}
