import { createFileRoute } from '@tanstack/react-router';
import { HowToOrderPage } from '../features/pages/HowToOrderPage';

export const Route = createFileRoute('/how-to-order')({ component: HowToOrderPage });
