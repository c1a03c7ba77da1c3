// cartopn: a further cart variant whose differences are not specified (SPEC §2); it is the standard cart.
import { createFileRoute } from '@tanstack/react-router';
import { CartPage } from '../features/cart/CartPage';

export const Route = createFileRoute('/cartopn')({
  component: () => <CartPage kind="standard" />,
});
