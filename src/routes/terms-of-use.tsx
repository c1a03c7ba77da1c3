import { createFileRoute } from '@tanstack/react-router';
import { TermsOfUsePage } from '../features/pages/TermsOfUsePage';

export const Route = createFileRoute('/terms-of-use')({ component: TermsOfUsePage });
