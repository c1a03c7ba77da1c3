import { createFileRoute } from '@tanstack/react-router';
import { RefundPolicyPage } from '../features/pages/RefundPolicyPage';

export const Route = createFileRoute('/refund-policy')({ component: RefundPolicyPage });
