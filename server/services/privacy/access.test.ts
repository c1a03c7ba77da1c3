import { describe, expect, it } from 'vitest';
import { destinationKey, issueAccess, maskEmailContact, maskMobileContact, readAccess } from './access';

const NOW = new Date('2026-11-22T05:00:00Z');
const ctx = { photoPassSecret: 'secret', now: () => NOW };

describe('privacy access', () => {
  it('masks contacts, keys them the same for every purpose', () => {
    expect(maskMobileContact('0812345678')).toBe('08******78');
    expect(maskEmailContact('somchai@example.com')).toBe('s****@example.com');
    expect(destinationKey(ctx, '0812345678')).toBe(destinationKey(ctx, '0812345678'));
    expect(destinationKey(ctx, '0812345678')).not.toBe(
      destinationKey({ photoPassSecret: 'other' }, '0812345678'),
    );
  });

  it('opens the contact it was made for, the longest e-mail within the contract’s length', () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(180)}.example`;
    const access = issueAccess(ctx, { kind: 'email', value: email }, 'removal', NOW);
    expect(access.length).toBeLessThanOrEqual(400);
    expect(access).not.toContain('example');
    const opened = readAccess(ctx, access, 'removal');
    expect(opened).toMatchObject({ ok: true, value: { contact: { kind: 'email', value: email } } });
    if (opened.ok) expect(opened.value.key).toBe(destinationKey(ctx, email));
  });

  it('refuses another purpose, another store, a changed byte, and after 30 minutes', () => {
    const access = issueAccess(ctx, { kind: 'mobile', value: '0812345678' }, 'export', NOW);
    expect(readAccess(ctx, access, 'export').ok).toBe(true);
    expect(readAccess(ctx, access, 'undo-removal').ok).toBe(false);
    expect(readAccess({ ...ctx, photoPassSecret: 'other' }, access, 'export').ok).toBe(false);
    // The purpose written in the clear cannot be changed either: it is authenticated with the contact.
    expect(readAccess(ctx, `1${access.slice(1)}`, 'removal').ok).toBe(false);
    const at = access.length - 5;
    const changed = access.slice(0, at) + (access[at] === 'A' ? 'B' : 'A') + access.slice(at + 1);
    expect(readAccess(ctx, changed, 'export').ok).toBe(false);
    const later = { ...ctx, now: () => new Date(NOW.getTime() + 30 * 60_000 + 1000) };
    expect(readAccess(later, access, 'export').ok).toBe(false);
  });
});
