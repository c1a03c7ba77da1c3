// Hostile requests for property-based tests and the hostile-run benchmark (fast-check arbitraries): every call
// of SPEC §7, bodies built from the calls' own field names with odd values, any JSON, or text that is not JSON,
// and wrong content types. Used by server/routes/hostile-properties.test.ts and bench/hostile-run.ts.
import fc from 'fast-check';

/** Every call of SPEC §7 (and our additions), with a real event key or order where the path needs one. */
export const CALLS: { method: 'GET' | 'POST' | 'PUT'; path: string }[] = [
  { method: 'POST', path: '/api/v1/events/pagination' },
  { method: 'POST', path: '/api/v1/events/pagination-count' },
  { method: 'GET', path: '/api/v1/events/slider-banner' },
  { method: 'GET', path: '/api/v1/events/soon' },
  { method: 'GET', path: '/api/v1/events/team/{text}' },
  { method: 'GET', path: '/api/v1/events/team-detail/{text}' },
  { method: 'GET', path: '/api/v1/events/{text}' },
  { method: 'GET', path: '/api/v1/events/{text}/image-time' },
  { method: 'GET', path: '/api/v1/events/event-key/{text}' },
  { method: 'GET', path: '/api/v1/events/free/free-photos/{text}' },
  { method: 'POST', path: '/api/v1/facesearch/highlight' },
  { method: 'POST', path: '/api/v2/facesearch/sign' },
  { method: 'POST', path: '/api/v2/facesearch' },
  { method: 'POST', path: '/api/v2/facesearch/similar' },
  { method: 'GET', path: '/api/v2/facesearch/faces/{text}' },
  { method: 'POST', path: '/api/v1/facesearch' },
  { method: 'POST', path: '/api/v1/bibsearch' },
  { method: 'POST', path: '/api/v1/bibsearch/runners' },
  { method: 'GET', path: '/api/v1/uploads/{text}' },
  { method: 'POST', path: '/api/v1/uploads/{text}/sign' },
  { method: 'POST', path: '/api/v1/uploads/{text}/done' },
  { method: 'POST', path: '/api/v1/imagestage/pagination-count' },
  { method: 'POST', path: '/api/v1/imagestage/pagination' },
  { method: 'POST', path: '/api/v1/logs/' },
  { method: 'POST', path: '/api/v1/utils/conf' },
  { method: 'POST', path: '/api/v1/order/create' },
  { method: 'POST', path: '/api/v3/order/create' },
  { method: 'POST', path: '/api/v1/order/inquiry' },
  { method: 'POST', path: '/api/v2/order/inquiry' },
  { method: 'POST', path: '/api/v3/order/inquiry' },
  { method: 'POST', path: '/api/v3/order/opn-cc-payment' },
  { method: 'POST', path: '/api/v1/order/find-order' },
  // The object store's own addresses (the selfie PUT and the signed GET of SPEC §7).
  { method: 'GET', path: '/storage/{text}' },
  { method: 'GET', path: '/storage/private/{text}?expires=1&sig=x' },
  { method: 'PUT', path: '/storage/selfies/{text}?expires=1&sig=x' },
];

/** The field names the calls read: a body built from them reaches past the first "required" check. */
const FIELDS = [
  'page',
  'page_size',
  'total_event_onsale',
  'page_tab',
  'event_status',
  'event_key',
  'event_id',
  'event_stages_id',
  'event_image_duration',
  'mobile',
  'email',
  'amount',
  'paid_amount',
  'imageList',
  'image_length',
  'is_mhao',
  'payment_gateway',
  'payment_channel',
  'order_team',
  'coupon_code',
  'am_order_ref',
  'payment_currency',
  'cart',
  'tk',
  'order_uuid',
  'wait',
  'known',
  'filter_type',
  'txt_search',
  'file_name',
  'file_type',
  'search_id',
  'file_location',
  'face_threshold',
  'mhao_price',
  'max_face_search',
  'photo_id',
  'service',
  'cart_count',
  'image_id',
  'list',
  'token',
  'conf',
  'token_key',
  'uuid',
  'sk',
  'bib',
  'name',
  'size',
  'sha256',
];

/** Strings an attacker tries: controls, direction overrides, lone surrogates, huge, numeric-looking, paths. */
const oddString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u202egpj.exe',
    '\ud800',
    '\udfff\ud800',
    '../../etc/passwd',
    '1e19',
    '99999999999999999999',
    '-1',
    'NaN',
    '0812345678',
    '๑๒๓๔',
    '1234',
    'free',
    'paid',
    '00000000-0000-4000-8000-000000000000',
    '<script>alert(1)</script>',
    "'; DROP TABLE orders; --",
  ),
  fc.integer({ min: 1, max: 200_000 }).map((n) => 'x'.repeat(n)),
);

const oddNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(1e19, 1e300, -0, 2 ** 53, -(2 ** 53), Number.MAX_VALUE, Number.MIN_VALUE, 0.1, 1.005),
);

const oddValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    oddString,
    oddNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), oddString), tie('value'), { maxKeys: 4 }),
    fc.array(fc.record({ id: oddNumber, event_id: oddNumber }), { maxLength: 5 }),
  ),
})).value;

/** A body: the calls' fields with odd values, any JSON, or text that is not JSON at all. */
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), oddValue, { maxKeys: 12 }).map((o) => JSON.stringify(o)),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom('', '{', '{"a":', 'null', '[]', '"x"', '{"__proto__":{"admin":true}}', '\u0000'),
);

const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'multipart/form-data; boundary=x',
  'application/x-www-form-urlencoded',
  '',
);

/** One hostile request: a call, the text its path carries, a body, a content type, maybe an Idempotency-Key. */
export const hostileRequest = fc.record({
  call: fc.constantFrom(...CALLS),
  // A path carries its text percent-encoded (a lone surrogate cannot be: it is sent as %EF%BF%BD by browsers), or
  // a broken percent-encoding as a hand-written request can.
  pathText: fc.oneof(
    oddString.map((s) => encodeURIComponent(s.slice(0, 300).replace(/\p{Cs}/gu, '\uFFFD'))),
    fc.constantFrom('%', '%E0%A4%A', '%zz', '%00', '%C0%AF', '..%2f..%2f', '%2e%2e/%2e%2e', 'a%'),
  ),
  body,
  contentType,
  idempotencyKey: fc.option(
    oddString.map((s) => s.slice(0, 200).replace(/[^\x20-\x7e]/g, '')),
    {
      nil: undefined,
    },
  ),
});
