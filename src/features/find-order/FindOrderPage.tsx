import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  FIND_ORDER_MOBILE_MAX,
  FIND_ORDER_MOBILE_MIN,
  FIND_ORDER_RECEIPT_LENGTH,
} from '../../../core/constants';
import type { FoundOrder } from '../../../core/contract/order';
import { formatDateTime } from '../../../core/format';
import type { FindOrderFilter } from '../../../core/rules';
import { findOrders } from '../../lib/api/find-order';
import { usePageTitle } from '../../lib/page-title';
import { useRevealWhenAnswered } from '../../lib/reveal';
import { languageAtom } from '../../lib/state';
import { cleanFindOrderInput, type FindOrderProblem, findOrderProblem } from './find-order-form';
import { SavedOrders } from './SavedOrders';
import './find-order.css';

const ANSWERED = ['found', 'failed'] as const;

type Search =
  | { state: 'idle' }
  | { state: 'searching' }
  | { state: 'found'; orders: FoundOrder[] }
  | { state: 'failed' };

/** /find-order and /find-mobile/{mobile} (SPEC §2): the orders kept here, then a search by mobile or by slip. */
export function FindOrderPage({ mobile }: { mobile?: string | undefined }) {
  const { t } = useLingui();
  usePageTitle(t`ค้นหาคำสั่งซื้อ`);
  const id = useId();
  const [filter, setFilter] = useState<FindOrderFilter>('mobile');
  const [text, setText] = useState(() => cleanFindOrderInput('mobile', mobile ?? ''));
  const [problem, setProblem] = useState<FindOrderProblem>();
  // With a slip, the order's mobile number too (a slip's last 4 characters alone are too easy to guess).
  const [slipMobile, setSlipMobile] = useState('');
  const [mobileProblem, setMobileProblem] = useState<FindOrderProblem>();
  const [search, setSearch] = useState<Search>({ state: 'idle' });
  // The orders found are brought into view when they come: on a phone they land below the form.
  const answerArea = useRef<HTMLDivElement>(null);
  useRevealWhenAnswered(answerArea, search.state, 'searching', ANSWERED);
  const running = useRef<AbortController | undefined>(undefined);

  const run = useCallback(async (by: FindOrderFilter, value: string, withMobile?: string) => {
    const found = findOrderProblem(by, value);
    const mobileFound = by === 'payment_ref' ? findOrderProblem('mobile', withMobile ?? '') : undefined;
    setProblem(found);
    setMobileProblem(mobileFound);
    if (found || mobileFound) return;
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setSearch({ state: 'searching' });
    try {
      const orders = await findOrders(by, value, withMobile, controller.signal);
      if (!controller.signal.aborted) setSearch({ state: 'found', orders });
    } catch (error) {
      if (controller.signal.aborted) return;
      console.warn('find-order failed', error);
      setSearch({ state: 'failed' });
    }
  }, []);

  // /find-mobile/{mobile}: the search runs at once.
  useEffect(() => {
    if (mobile !== undefined) void run('mobile', cleanFindOrderInput('mobile', mobile));
    return () => running.current?.abort();
  }, [mobile, run]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(filter, text, slipMobile);
  };
  const reset = () => {
    running.current?.abort();
    setFilter('mobile');
    setText('');
    setSlipMobile('');
    setProblem(undefined);
    setMobileProblem(undefined);
    setSearch({ state: 'idle' });
  };
  // A mobile number is not a slip's reference: another choice starts from an empty input.
  const choose = (next: FindOrderFilter) => {
    setFilter(next);
    setText('');
    setProblem(undefined);
    setMobileProblem(undefined);
  };

  const problemText: Record<FindOrderProblem, string> = {
    required: t`กรุณากรอกข้อมูลที่ต้องการค้นหา`,
    'mobile-length': t`เบอร์มือถือต้องมี ${FIND_ORDER_MOBILE_MIN}-${FIND_ORDER_MOBILE_MAX} หลัก`,
    'receipt-length': t`กรุณากรอก ${FIND_ORDER_RECEIPT_LENGTH} ตัวสุดท้ายของเลขที่รายการในสลิป`,
  };

  return (
    <div className="find-order-page">
      <h1>
        <Trans>ค้นหาคำสั่งซื้อ</Trans>
      </h1>
      <SavedOrders />
      <form className="find-order-form" noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>
          <Trans>ค้นหาด้วยเบอร์มือถือหรือสลิปโอนเงิน</Trans>
        </h2>
        <fieldset className="find-order-filter">
          <legend className="visually-hidden">{t`ค้นหาด้วย`}</legend>
          {(['mobile', 'payment_ref'] as const).map((value) => (
            <label key={value}>
              <input
                type="radio"
                name="filter"
                value={value}
                checked={filter === value}
                onChange={() => choose(value)}
              />{' '}
              {value === 'mobile' ? <Trans>เบอร์มือถือ</Trans> : <Trans>สลิปโอนเงิน (4 ตัวสุดท้าย)</Trans>}
            </label>
          ))}
        </fieldset>
        {filter === 'payment_ref' && (
          <figure className="slip-example">
            <img
              src="/find-order/slip-example.svg"
              width={320}
              height={220}
              alt={t`ตัวอย่างสลิปโอนเงิน: ใช้ 4 ตัวสุดท้ายของเลขที่รายการ`}
            />
            <figcaption>
              <Trans>ดูเลขที่รายการ (เลขอ้างอิง) ในสลิปโอนเงิน แล้วกรอก 4 ตัวสุดท้าย</Trans>
            </figcaption>
          </figure>
        )}
        <div className="field">
          <label htmlFor={`${id}-text`}>
            {filter === 'payment_ref' ? <Trans>4 ตัวสุดท้ายของเลขที่รายการ</Trans> : <Trans>เบอร์มือถือ</Trans>}
          </label>
          <input
            id={`${id}-text`}
            name="txt_search"
            type={filter === 'payment_ref' ? 'text' : 'tel'}
            inputMode={filter === 'payment_ref' ? 'text' : 'numeric'}
            autoComplete={filter === 'payment_ref' ? 'off' : 'tel'}
            autoCapitalize="characters"
            maxLength={filter === 'payment_ref' ? FIND_ORDER_RECEIPT_LENGTH : FIND_ORDER_MOBILE_MAX}
            value={text}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(e) => setText(cleanFindOrderInput(filter, e.target.value))}
          />
          {problem && (
            <p id={`${id}-problem`} className="field-error">
              {problemText[problem]}
            </p>
          )}
        </div>
        {filter === 'payment_ref' && (
          <div className="field">
            <label htmlFor={`${id}-mobile`}>
              <Trans>เบอร์มือถือที่ใช้สั่งซื้อ</Trans>
            </label>
            <input
              id={`${id}-mobile`}
              name="mobile"
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              maxLength={FIND_ORDER_MOBILE_MAX}
              value={slipMobile}
              aria-invalid={mobileProblem ? true : undefined}
              aria-describedby={mobileProblem ? `${id}-mobile-problem` : undefined}
              onChange={(e) => setSlipMobile(cleanFindOrderInput('mobile', e.target.value))}
            />
            {mobileProblem && (
              <p id={`${id}-mobile-problem`} className="field-error">
                {problemText[mobileProblem]}
              </p>
            )}
          </div>
        )}
        <div className="find-order-actions">
          <button type="submit" className="button primary" disabled={search.state === 'searching'}>
            {search.state === 'searching' ? <Trans>กำลังค้นหา…</Trans> : <Trans>ค้นหา</Trans>}
          </button>
          <button type="button" className="button" onClick={reset}>
            <Trans>ล้าง</Trans>
          </button>
        </div>
      </form>
      <div ref={answerArea} className="find-order-answer">
        <FoundOrders search={search} />
      </div>
    </div>
  );
}

function FoundOrders({ search }: { search: Search }) {
  const language = useAtomValue(languageAtom);
  if (search.state === 'idle' || search.state === 'searching') return null;
  if (search.state === 'failed') {
    return (
      <p className="alert error" role="alert">
        <Trans>ค้นหาไม่สำเร็จ กรุณาลองใหม่อีกครั้ง</Trans>
      </p>
    );
  }
  return (
    <table className="find-order-result">
      <caption className="visually-hidden">
        <Trans>คำสั่งซื้อที่พบ</Trans>
      </caption>
      <thead>
        <tr>
          <th scope="col">
            <Trans>วันที่สั่งซื้อ</Trans>
          </th>
          <th scope="col">
            <Trans>คำสั่งซื้อ</Trans>
          </th>
          <th scope="col">
            <Trans>งาน</Trans>
          </th>
          <th scope="col">
            <Trans>สถานะ</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {search.orders.length === 0 ? (
          <tr>
            <td colSpan={4} className="find-order-none">
              <Trans>ไม่พบคำสั่งซื้อ</Trans>
            </td>
          </tr>
        ) : (
          search.orders.map((order) => (
            <tr key={order.order_id}>
              <td className="found-date">{formatDateTime(order.create_date, language)}</td>
              <td className="found-link">
                <a href={`/download/${order.order_id}`} target="_blank" rel="noopener">
                  <Trans>เปิดแกลเลอรี</Trans>
                </a>
              </td>
              <td className="found-title">{order.title}</td>
              <td className={order.status === 'PAID' ? 'status paid' : 'status waiting'}>
                {order.status === 'PAID' ? <Trans>ชำระเงินแล้ว</Trans> : <Trans>รอชำระเงิน</Trans>}
              </td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
