import { createFileRoute } from '@tanstack/react-router';
import { MyDataPage } from '../features/privacy/MyDataPage';

// /privacy/my-data: what the store holds under a phone or an e-mail, seen, downloaded and erased after a code.
export const Route = createFileRoute('/privacy_/my-data')({ component: () => <MyDataPage /> });
