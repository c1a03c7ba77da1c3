// What the runner's last word on a photo did, said above the results: "not me" hid N photos of that person, or every
// photo shown (with Undo, here and in a toast: the line may be out of view when the word was given in the
// lightbox); "this is me" moved photos up and searched with the photo's face (found N more, none more, or could not
// search).
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { dismissToast, showActionToast } from '../../lib/ui/action-toast';
import type { FeedbackNotice as Notice } from './search-machine';

const UNDO_TOAST = 'not-me-undo';

export interface FeedbackNoticeProps {
  notice: Notice;
  /** Nothing is left to show (every photo was hidden). */
  empty: boolean;
  onUndo: () => void;
}

export function FeedbackNotice({ notice, empty, onUndo }: FeedbackNoticeProps) {
  const { t } = useLingui();
  // A "not me" is toasted once, when it is new.
  const toasted = useRef<Notice | undefined>(undefined);
  useEffect(() => {
    if (toasted.current === notice) return;
    toasted.current = notice;
    if (notice.kind !== 'hidden') return;
    const message = plural(notice.count, { one: 'ซ่อน # รูปของคนนี้แล้ว', other: 'ซ่อน # รูปของคนนี้แล้ว' });
    showActionToast(UNDO_TOAST, message, t`เลิกทำ`, onUndo);
  }, [notice, onUndo, t]);

  if (notice.kind === 'hidden') {
    return (
      <div className="feedback-notice" data-testid="feedback-notice">
        <p role="status">
          {empty ? (
            <Plural
              value={notice.count}
              one="คุณซ่อนรูปทั้งหมด # รูปว่าไม่ใช่คุณ จึงไม่มีรูปเหลือในผลการค้นหา"
              other="คุณซ่อนรูปทั้งหมด # รูปว่าไม่ใช่คุณ จึงไม่มีรูปเหลือในผลการค้นหา"
            />
          ) : (
            <Plural value={notice.count} one="ซ่อน # รูปของคนนี้แล้ว" other="ซ่อน # รูปของคนนี้แล้ว" />
          )}
        </p>
        <button
          type="button"
          className="button"
          onClick={() => {
            dismissToast(UNDO_TOAST);
            onUndo();
          }}
        >
          <Trans>เลิกทำ</Trans>
        </button>
      </div>
    );
  }
  return (
    <div className="feedback-notice" data-testid="feedback-notice">
      <p role="status">
        {notice.moved > 0 && (
          <>
            <Plural value={notice.moved} one="ย้าย # รูปขึ้นไปที่รูปของคุณแล้ว" other="ย้าย # รูปขึ้นไปที่รูปของคุณแล้ว" />{' '}
          </>
        )}
        {notice.searching ? (
          <Trans>กำลังค้นหารูปอื่นด้วยใบหน้าในรูปนี้…</Trans>
        ) : notice.failed ? (
          <Trans>ค้นหาด้วยใบหน้าในรูปนี้ไม่สำเร็จ ลองอีกครั้งภายหลัง</Trans>
        ) : notice.added && notice.added > 0 ? (
          <Plural value={notice.added} one="พบรูปของคุณเพิ่ม # รูปจากใบหน้านี้" other="พบรูปของคุณเพิ่ม # รูปจากใบหน้านี้" />
        ) : (
          <Trans>ไม่พบรูปเพิ่มจากใบหน้าในรูปนี้</Trans>
        )}
      </p>
    </div>
  );
}
