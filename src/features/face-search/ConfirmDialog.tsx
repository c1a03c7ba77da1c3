// A small confirmation dialog (alertdialog) answered by a promise: `ask()` opens it and resolves true on confirm,
// false on cancel or Escape. Focus goes to the safe choice (cancel) and is kept inside until it closes.
import { Trans } from '@lingui/react/macro';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { trapTarget } from './lightbox-nav';

export function useConfirm() {
  const [pending, setPending] = useState<((answer: boolean) => void) | undefined>(undefined);
  const ask = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        setPending(() => (answer: boolean) => {
          setPending(undefined);
          resolve(answer);
        });
      }),
    [],
  );
  return { open: pending !== undefined, answer: (yes: boolean) => pending?.(yes), ask };
}

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: ReactNode;
  onAnswer(yes: boolean): void;
}

export function ConfirmDialog({ open, title, children, confirmLabel, onAnswer }: ConfirmDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const box = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    cancel.current?.focus();
    return () => opener?.focus?.();
  }, [open]);

  if (!open) return null;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onAnswer(false);
    } else if (e.key === 'Tab' && box.current) {
      const target = trapTarget(
        [...box.current.querySelectorAll<HTMLElement>('button')],
        document.activeElement as HTMLElement | null,
        e.shiftKey,
      );
      if (target) {
        e.preventDefault();
        target.focus();
      }
    }
  };
  return (
    <div className="confirm-backdrop">
      <div
        ref={box}
        className="confirm-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId}>{title}</h2>
        <div id={bodyId}>{children}</div>
        <div className="confirm-actions">
          <button ref={cancel} type="button" className="button" onClick={() => onAnswer(false)}>
            <Trans>ยกเลิก</Trans>
          </button>
          <button type="button" className="button primary" onClick={() => onAnswer(true)}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
