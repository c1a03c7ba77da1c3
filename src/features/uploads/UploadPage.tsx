// /upload/{secret}: a photographer's upload page, from the secret link the shop owner gave them. It says
// which event and photographer the link is for and until when; photos dropped or chosen (hundreds at once) go
// straight to the object store, a few at a time, each with its progress and the whole with its own; a dropped
// connection is tried again; a photo the event has is not sent again. Thai and English.
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { type ChangeEvent, type DragEvent, useEffect, useId, useRef, useState } from 'react';
import type { UploadLink } from '../../../core/contract/uploads';
import { formatDateTime } from '../../../core/format';
import { ApiError } from '../../lib/api/client';
import { fetchUploadLink, finishUpload, signUpload } from '../../lib/api/uploads';
import { usePageTitle } from '../../lib/page-title';
import { alreadyStored, putSigned } from '../../lib/put-signed';
import { languageAtom } from '../../lib/state';
import { journalScope, pendingCount, rememberChosen, rememberSent } from './upload-journal';
import { overallProgress, sha256Of, type UploadItem, UploadQueue } from './upload-queue';
import './uploads.css';

type LinkState =
  | { step: 'loading' }
  | { step: 'ready'; link: UploadLink }
  | { step: 'gone' }
  | { step: 'error' };

/** The content type a file is signed and sent with. */
const fileTypeOf = (body: Blob) => body.type || 'image/jpeg';

const isLinkGone = (error: unknown) =>
  error instanceof ApiError && error.httpStatus === 404 && error.serverCode === 'upload-link-invalid';
/** A call the store answered 400 (this file's bytes or fields are wrong): sent again, the answer is the same. */
const isRefusal = (error: unknown) => error instanceof ApiError && error.httpStatus === 400;

export function UploadPage({ secret }: { secret: string }) {
  const { t } = useLingui();
  usePageTitle(t`อัปโหลดภาพ`);
  const language = useAtomValue(languageAtom);
  const [link, setLink] = useState<LinkState>({ step: 'loading' });
  const [items, setItems] = useState<readonly UploadItem[]>([]);
  const [gone, setGone] = useState(false);
  const queue = useRef<UploadQueue | undefined>(undefined);
  const pickId = useId();
  const [dragging, setDragging] = useState(false);
  /** Files chosen on this device before and not sent (the page was closed, the connection dropped). */
  const [leftOver, setLeftOver] = useState(0);
  const [skipped, setSkipped] = useState(0);
  const scope = link.step === 'ready' ? journalScope(link.link) : undefined;

  useEffect(() => {
    if (!scope) return;
    pendingCount(scope)
      .then(setLeftOver)
      .catch(() => undefined);
  }, [scope]);

  useEffect(() => {
    const controller = new AbortController();
    fetchUploadLink(secret, controller.signal)
      .then((found) => setLink({ step: 'ready', link: found }))
      .catch((error) => {
        if (!controller.signal.aborted) setLink(isLinkGone(error) ? { step: 'gone' } : { step: 'error' });
      });
    return () => controller.abort();
  }, [secret]);

  const queueOf = (): UploadQueue => {
    queue.current ??= new UploadQueue(
      {
        hash: sha256Of,
        sign: (file, sha256, uploadId) =>
          signUpload(secret, {
            file_name: file.name,
            file_type: file.type || 'image/jpeg',
            size: file.size,
            sha256,
            ...(uploadId ? { upload_id: uploadId } : {}),
          }),
        put: (url, body, onProgress, part) =>
          putSigned(url, body, fileTypeOf(body), { onProgress: (loaded) => onProgress(loaded), part }).catch(
            (error) => {
              // Sent before (the answer was lost): the store has it; say done.
              if (!part && alreadyStored(error)) return undefined;
              throw error;
            },
          ),
        finish: async (file, sha256, multipart) =>
          (await finishUpload(secret, { file_name: file.name, sha256, ...(multipart ? { multipart } : {}) }))
            .state,
        wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
        isLinkGone,
        isRefusal,
      },
      (next, linkGone) => {
        setItems(next);
        setGone(linkGone);
      },
      (file) => {
        if (scope) void rememberSent(scope, file).catch(() => undefined);
      },
    );
    return queue.current;
  };

  /** Files chosen or dropped: those this device sent before are skipped, unread; the rest go. */
  const choose = async (files: File[]) => {
    if (files.length === 0 || !scope) return;
    const toSend = await rememberChosen(scope, files).catch(() => files);
    setSkipped((n) => n + files.length - toSend.length);
    setLeftOver(0);
    if (toSend.length > 0) queueOf().add(toSend);
  };

  // Back online: the files waiting to be tried again go at once.
  useEffect(() => {
    const online = () => queue.current?.online();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);

  const take = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    event.currentTarget.value = '';
    void choose(files);
  };
  const over = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDragging(true);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void choose(Array.from(event.dataTransfer.files));
  };

  if (link.step === 'loading') {
    return (
      <main className="upload-page">
        <p className="search-progress-text">
          <span className="search-spinner" aria-hidden="true" />
          <Trans>กำลังโหลด…</Trans>
        </p>
      </main>
    );
  }
  if (link.step !== 'ready' || gone) {
    return (
      <main className="upload-page">
        <h1>
          <Trans>อัปโหลดภาพ</Trans>
        </h1>
        <p className="alert error" role="alert">
          {link.step === 'error' ? (
            <Trans>โหลดลิงก์อัปโหลดไม่สำเร็จ กรุณาตรวจการเชื่อมต่อแล้วลองใหม่อีกครั้ง</Trans>
          ) : (
            <Trans>ลิงก์อัปโหลดนี้ใช้ไม่ได้ (หมดอายุหรือถูกยกเลิก) กรุณาขอลิงก์ใหม่จากร้าน</Trans>
          )}
        </p>
      </main>
    );
  }

  const { link: about } = link;
  const overall = overallProgress(items);
  const failed = items.filter((i) => i.state.step === 'failed').length;
  const until = formatDateTime(about.expires_at, language);
  return (
    <main className="upload-page">
      <h1>
        <Trans>อัปโหลดภาพ: {about.title}</Trans>
      </h1>
      <p>
        <Trans>
          ช่างภาพหมายเลข {about.photographer_id} · ลิงก์นี้ใช้ได้ถึง {until}
        </Trans>
      </p>
      <p className="upload-privacy">
        <Trans>
          ร้านค้นหาใบหน้าในภาพที่ส่งเพื่อให้นักวิ่งหาภาพของตัวเองได้ และลบเมื่อภาพของงานถูกลบ นักวิ่งขอนำใบหน้าของตนออกได้ ดู{' '}
          <a href="/privacy">ประกาศความเป็นส่วนตัว</a>
        </Trans>
      </p>
      {leftOver > 0 && (
        <p className="alert info">
          <Plural
            value={leftOver}
            one="มี # ไฟล์ที่เลือกไว้ครั้งก่อนยังส่งไม่ครบ เลือกภาพชุดเดิมอีกครั้งเพื่อส่งต่อ ภาพที่ส่งแล้วจะถูกข้ามไป"
            other="มี # ไฟล์ที่เลือกไว้ครั้งก่อนยังส่งไม่ครบ เลือกภาพชุดเดิมอีกครั้งเพื่อส่งต่อ ภาพที่ส่งแล้วจะถูกข้ามไป"
          />
        </p>
      )}
      {skipped > 0 && (
        <p className="alert info">
          <Plural value={skipped} one="ข้าม # ไฟล์ที่ส่งแล้ว" other="ข้าม # ไฟล์ที่ส่งแล้ว" />
        </p>
      )}
      <fieldset
        className={`upload-drop${dragging ? ' is-dragging' : ''}`}
        onDragEnter={over}
        onDragOver={over}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <legend>
          <Trans>ลากภาพ JPEG มาวางที่นี่ หรือเลือกไฟล์ (ได้ครั้งละหลายร้อยภาพ)</Trans>
        </legend>
        <input
          id={pickId}
          className="visually-hidden"
          type="file"
          accept="image/jpeg,image/png"
          multiple
          onChange={take}
        />
        <label htmlFor={pickId} className="button primary">
          <Trans>เลือกไฟล์ภาพ</Trans>
        </label>
      </fieldset>
      {items.length > 0 && (
        <section className="upload-progress" aria-live="polite">
          <p>
            <Plural
              value={overall.files}
              one={`ส่งแล้ว # จาก ${items.length} ไฟล์`}
              other={`ส่งแล้ว # จาก ${items.length} ไฟล์`}
            />
          </p>
          <progress max={Math.max(1, overall.total)} value={overall.sent} aria-label={t`ความคืบหน้าทั้งหมด`} />
          {failed > 0 && (
            <button type="button" className="button" onClick={() => queue.current?.retryFailed()}>
              <Plural value={failed} one="ลองส่ง # ไฟล์ที่ไม่สำเร็จอีกครั้ง" other="ลองส่ง # ไฟล์ที่ไม่สำเร็จอีกครั้ง" />
            </button>
          )}
          <ul className="upload-list">
            {items.map((item) => (
              <li key={item.id} className={`upload-item is-${item.state.step}`}>
                <span className="upload-name">{item.file.name}</span>
                <ItemStatus item={item} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}

function ItemStatus({ item }: { item: UploadItem }) {
  const { t } = useLingui();
  const state = item.state;
  switch (state.step) {
    case 'waiting':
      return <Trans>รอส่ง</Trans>;
    case 'hashing':
      return <Trans>กำลังตรวจไฟล์</Trans>;
    case 'uploading':
      return (
        <progress
          max={Math.max(1, item.file.size)}
          value={state.loaded}
          aria-label={t`กำลังส่ง ${item.file.name}`}
        />
      );
    case 'finishing':
      return <Trans>กำลังยืนยัน</Trans>;
    case 'done':
      return <Trans>ส่งแล้ว</Trans>;
    case 'duplicate':
      return <Trans>มีภาพนี้แล้ว ไม่ต้องส่งซ้ำ</Trans>;
    case 'retrying':
      return <Trans>การเชื่อมต่อขาด จะลองใหม่ใน {state.seconds} วินาที</Trans>;
    case 'refused':
      return state.reason === 'too-large' ? <Trans>ไฟล์ใหญ่เกินไป</Trans> : <Trans>ไม่ใช่ไฟล์ JPEG หรือ PNG</Trans>;
    case 'failed':
      return <Trans>ส่งไม่สำเร็จ</Trans>;
  }
}
