import { Button } from '@arco-design/web-react';
import { useOrderMove, type MovableOrder } from './useOrderMove';

/** The order's next states as buttons (none for an order that is over, or for a user who may not move it). */
export function OrderMoveButtons({ order, size = 'mini', type = 'text' }: { order: MovableOrder; size?: 'mini' | 'small' | 'default'; type?: 'text' | 'secondary' | 'primary' }) {
  const moves = useOrderMove();
  return (
    <>
      {moves.nextOf(order).map((to) => (
        <Button
          key={to}
          type={type}
          size={size}
          status={moves.danger(to) ? 'danger' : undefined}
          data-testid={`genius-order-move-${to}`}
          onClick={() => moves.move(order, to)}
        >
          {moves.actionLabel(to)}
        </Button>
      ))}
    </>
  );
}
