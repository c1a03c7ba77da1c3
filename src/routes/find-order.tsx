import { createFileRoute } from '@tanstack/react-router';
import { FindOrderPage } from '../features/find-order/FindOrderPage';

export const Route = createFileRoute('/find-order')({ component: () => <FindOrderPage /> });
