import { createFileRoute } from '@tanstack/react-router';
import { OrderPage } from '../features/order/OrderPage';

// /dd/{q}: an older address of the order page (SPEC §2); every version shows the newest bilingual page.
export const Route = createFileRoute('/dd/$q')({
  component: function OrderRoute() {
    return <OrderPage q={Route.useParams().q} />;
  },
});
