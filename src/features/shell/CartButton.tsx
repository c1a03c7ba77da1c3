import { useLingui } from '@lingui/react/macro';
import { Link, useRouterState } from '@tanstack/react-router';
import { headerCartKind, headerCartPath } from './cart-link';
import { Icon } from './icons';
import { useLazyCartCount } from './use-lazy-cart-count';

/** The header's cart icon with the number of photos in it; the stage cart on pages whose path ends in "manual". */
export function CartButton() {
  const { t } = useLingui();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const kind = headerCartKind(pathname);
  const count = useLazyCartCount(kind);
  const label = kind === 'manual' ? t`ตะกร้าภาพตามจุดถ่าย (${count} ภาพ)` : t`ตะกร้าสินค้า (${count} ภาพ)`;
  return (
    <Link to={headerCartPath(kind)} className="icon-button cart-button" aria-label={label} title={label}>
      <Icon name="cart" />
      {count > 0 && (
        <span className="cart-count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
