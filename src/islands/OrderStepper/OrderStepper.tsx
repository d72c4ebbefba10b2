import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { $createdOrder, $orderForm, canOpen, freshForm, goToStep, repriceCart, type StepName, startOrder } from '../../stores/order-form';
import { memberEndpoints, referralEndpoints } from './api';
import { Ctx, type StepperProps } from './context';
import { DeliveryStep } from './DeliveryStep';
import { ItemStep } from './ItemStep';
import { MemberStep } from './MemberStep';
import { OrderCreated, PaymentStep } from './PaymentStep';

const BODY: Record<StepName, () => React.JSX.Element> = {
  member: MemberStep,
  item: ItemStep,
  delivery: DeliveryStep,
  payment: PaymentStep,
};

/**
 * The order stepper (spec/001 §2): registration = member, item, delivery, payment; upgrade and
 * repeat order = item, delivery, payment. The form lives in $orderForm (localStorage), so the
 * first render (server and hydration) shows the empty steps and the saved form follows.
 */
export default function OrderStepper(props: StepperProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    startOrder(props.jenis, props.joinme ?? '', props.joinme ?? props.sponsor.id_member);
    // A cart saved on another day shows today's prices, the ones the server will charge.
    repriceCart(props.products);
    setReady(true);
  }, [props.jenis, props.joinme, props.sponsor.id_member, props.products]);
  const stored = useStore($orderForm);
  const created = useStore($createdOrder);
  const form = ready ? stored : freshForm(props.jenis, props.joinme ?? '');
  const referral = props.jenis === 'referral';
  const ctx = useMemo(() => ({ ...props, referral, api: referral ? referralEndpoints : memberEndpoints }), [props, referral]);
  const Body = BODY[form.activeStep] ?? ItemStep;

  if (created)
    return (
      <Ctx.Provider value={ctx}>
        <OrderCreated order={created} />
      </Ctx.Provider>
    );

  return (
    <Ctx.Provider value={ctx}>
      <nav aria-label="Langkah order">
        <ol className="stepper-nav">
          {form.steps.map((step, index) => (
            <li key={step.name} className={[index === form.activeIndex && 'active', step.passed && 'passed'].filter(Boolean).join(' ')}>
              <button
                type="button"
                disabled={!ready || !canOpen(form, index)}
                aria-current={index === form.activeIndex ? 'step' : undefined}
                onClick={() => goToStep(index)}
              >
                <span className="step-icon" aria-hidden="true">
                  {step.passed ? '✓' : index + 1}
                </span>
                <span>
                  <span className="sr-only">{index + 1}. </span>
                  {step.label}
                </span>
              </button>
            </li>
          ))}
        </ol>
      </nav>
      {ready ? (
        <Body />
      ) : (
        <p aria-busy="true" className="stepper-loading">
          Memuat formulir…
        </p>
      )}
    </Ctx.Provider>
  );
}
