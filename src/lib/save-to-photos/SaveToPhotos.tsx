// "Save to Photos" on iPhone and iPad, beside the zip (share-photos.ts says why): opened on demand, it prepares the
// first batch at once; each batch's button shares its files when they are ready (one tap per share sheet), then
// the next batch is prepared. Only the batches being prepared or waiting to be shared are held in memory.
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ZipEntry } from '../../../core/zip-entry';
import { useBusyWhile } from '../busy';
import { batchesOf, fetchBatch, SHARE_BATCH_SIZE } from './share-photos';
import './save-to-photos.css';

type BatchState = 'waiting' | 'preparing' | 'ready' | 'saved' | 'failed';

interface SaveToPhotosProps {
  /** The photos, named as in the zip (keep the array stable across renders: its batches follow it). */
  entries: ZipEntry[];
  /** The button that opens the panel ("Save the original photos to Photos"). */
  label: ReactNode;
  share?: (data: ShareData) => Promise<void>;
  fetchImpl?: typeof fetch;
}

export function SaveToPhotos({ entries, label, share, fetchImpl }: SaveToPhotosProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const batches = useMemo(() => batchesOf(entries), [entries]);
  const [states, setStates] = useState<BatchState[]>(() => batches.map(() => 'waiting'));
  const [shareFailed, setShareFailed] = useState(false);
  useBusyWhile('download', open);
  const files = useRef(new Map<number, File[]>());
  const setState = useCallback(
    (i: number, state: BatchState) => setStates((all) => all.map((s, j) => (j === i ? state : s))),
    [],
  );

  const prepare = useCallback(
    async (i: number) => {
      const batch = batches[i];
      if (!batch || files.current.has(i)) return;
      setState(i, 'preparing');
      try {
        files.current.set(i, await fetchBatch(batch, fetchImpl));
        setState(i, 'ready');
      } catch (error) {
        console.warn('save to photos: a batch could not be prepared', error);
        setState(i, 'failed');
      }
    },
    [batches, fetchImpl, setState],
  );

  // The first batch is prepared as soon as the panel opens.
  useEffect(() => {
    if (open && states[0] === 'waiting') void prepare(0);
  }, [open, states, prepare]);

  const save = async (i: number) => {
    const ready = files.current.get(i);
    if (!ready) {
      void prepare(i);
      return;
    }
    setShareFailed(false);
    try {
      // Called straight from the tap: the share sheet needs it.
      await (share ?? ((data) => navigator.share(data)))({ files: ready });
      files.current.delete(i);
      setState(i, 'saved');
      const next = states.findIndex((s, j) => j > i && s === 'waiting');
      if (next >= 0) void prepare(next);
    } catch (error) {
      // Closing the share sheet is no failure: the batch stays ready.
      if ((error as Error).name !== 'AbortError') {
        console.warn('save to photos: sharing failed', error);
        setShareFailed(true);
      }
    }
  };

  if (!open) {
    return (
      <button type="button" className="button" onClick={() => setOpen(true)}>
        {label}
      </button>
    );
  }
  const size = SHARE_BATCH_SIZE;
  return (
    <section className="save-to-photos" aria-label={t`บันทึกลงแอปรูปภาพ`}>
      <p>
        <Trans>
          บน iPhone และ iPad ไฟล์ zip จะถูกบันทึกไว้ในแอปไฟล์ ไม่ใช่แอปรูปภาพ หากต้องการเก็บภาพไว้ในแอปรูปภาพ ให้บันทึกทีละชุด
          ชุดละไม่เกิน {size} ภาพ: แตะชุดที่พร้อมแล้ว แล้วเลือก "บันทึกภาพ" ในเมนูแชร์
        </Trans>
      </p>
      <ul>
        {batches.map((batch, i) => {
          const from = i * size + 1;
          const to = i * size + batch.length;
          const state = states[i];
          return (
            <li key={from}>
              <button
                type="button"
                className={state === 'ready' ? 'button primary' : 'button'}
                disabled={state === 'preparing'}
                onClick={() => void save(i)}
              >
                {state === 'preparing' ? (
                  <Trans>
                    กำลังเตรียมภาพที่ {from}–{to}…
                  </Trans>
                ) : state === 'ready' ? (
                  <Trans>
                    บันทึกภาพที่ {from}–{to}
                  </Trans>
                ) : state === 'saved' ? (
                  <Trans>
                    บันทึกภาพที่ {from}–{to} แล้ว
                  </Trans>
                ) : state === 'failed' ? (
                  <Trans>
                    เตรียมภาพที่ {from}–{to} ไม่สำเร็จ แตะเพื่อลองใหม่
                  </Trans>
                ) : (
                  <Trans>
                    เตรียมภาพที่ {from}–{to}
                  </Trans>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      {shareFailed && (
        <p role="alert" className="order-note">
          <Trans>เปิดเมนูแชร์ไม่สำเร็จ กรุณาแตะอีกครั้ง</Trans>
        </p>
      )}
    </section>
  );
}
