import { useLingui } from '@lingui/react/macro';
import { currentStepIndex, orderSteps, type StepId } from './stepper';

/** The steps of a paid order: four when paid, three when FREE (SPEC §2). */
export function OrderStepper(props: { free: boolean; originalsReady: boolean; logosReady: boolean }) {
  const { t } = useLingui();
  const labels: Record<StepId, string> = {
    paid: t`ชำระเงินเรียบร้อย`,
    created: t`สร้างคำสั่งซื้อ`,
    originals: t`ภาพต้นฉบับ`,
    logos: t`ภาพโลโก้`,
    completed: t`เสร็จสมบูรณ์`,
  };
  const steps = orderSteps(props);
  const current = currentStepIndex(steps);
  return (
    <ol className="order-stepper" aria-label={t`ขั้นตอนของคำสั่งซื้อ`}>
      {steps.map((step, i) => (
        <li
          key={step.id}
          className={step.done ? 'done' : undefined}
          aria-current={i === current ? 'step' : undefined}
        >
          <span className="step-mark" aria-hidden="true">
            {step.done ? '✓' : i + 1}
          </span>
          <span className="step-label">
            {labels[step.id]}
            <span className="visually-hidden">{step.done ? t`(เสร็จแล้ว)` : t`(ยังไม่เสร็จ)`}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
