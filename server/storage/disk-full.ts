// A write the disk had no room for (ENOSPC, or a quota: EDQUOT), told apart from other failures so that the store
// says so plainly: an upload is answered 507 in the spec's way, an import and a backup say the disk is full.
// The writes themselves keep nothing half written (disk-store.ts, ops/backup.ts).

export const isDiskFull = (error: unknown): boolean => {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
};

/** The answer to an upload the disk had no room for (the page shows message_th to Thai readers). */
export const DISK_FULL_ANSWER = {
  status: 'error',
  code: 'disk-full',
  message: 'the store has no room for this upload right now, please try again later',
  message_th: 'ขณะนี้พื้นที่จัดเก็บเต็ม กรุณาลองใหม่ภายหลัง',
} as const;
