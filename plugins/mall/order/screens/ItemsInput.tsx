import { useRef } from 'react';
import { Button, Empty, Form, InputNumber, Select, Table, type TableColumnProps } from '@arco-design/web-react';
import { IconDelete } from '@arco-design/web-react/icon';
import { formatYuan, ImageThumb, useQuery, useTranslation } from '../../../../core/sdk/browser';
import { ORDER_LIMITS, type OrderItemInput } from '../entity';
import { type ProductChoice, productChoicesQuery } from './api';

/** A line as the form holds it: what is sent (product, quantity), and what a loaded order said of it. */
export type ItemLine = OrderItemInput & { productName?: string; productCover?: string; price?: number };

export interface ItemsInputProps {
  value?: ItemLine[];
  onChange?: (lines: ItemLine[]) => void;
  disabled?: boolean;
}

const yuan = (fen: number) => formatYuan(fen, { symbol: true });

const sameLines = (a: readonly ItemLine[], b: readonly ItemLine[]) =>
  a.length === b.length && a.every((line) => b.some((other) => other.productId === line.productId && other.quantity === line.quantity));

/**
 * The products of an order: chosen from those on sale (`GET /api/mall/product/list`), each with its
 * quantity (at most its stock), and the total as the server will compute it. The server prices the lines
 * from the products when they change; lines left as they were loaded keep the prices they were sold at.
 */
export function ItemsInput({ value, onChange, disabled }: ItemsInputProps) {
  const { t } = useTranslation();
  const lines = value ?? [];
  const loaded = useRef(lines);
  const products = useQuery(productChoicesQuery);
  const { form } = Form.useFormContext();
  const freightValue = Form.useWatch('freight', form) as unknown;
  const freight = typeof freightValue === 'number' ? freightValue : 0;

  const byId = new Map((products.data ?? []).map((p) => [p.id, p]));
  const repriced = !sameLines(lines, loaded.current);
  /** The price a line will be saved at: the product's now when the lines changed, else the one it was sold at. */
  const priceOf = (line: ItemLine) => (repriced || line.price === undefined ? (byId.get(line.productId)?.price ?? line.price ?? 0) : line.price);
  const nameOf = (line: ItemLine) => byId.get(line.productId)?.name ?? line.productName ?? line.productId;
  const goods = lines.reduce((sum, line) => sum + priceOf(line) * line.quantity, 0);

  const change = (next: ItemLine[]) => onChange?.(next);
  const add = (product: ProductChoice) => {
    const found = lines.find((l) => l.productId === product.id);
    if (found) change(lines.map((l) => (l === found ? { ...l, quantity: Math.min(l.quantity + 1, ORDER_LIMITS.quantity) } : l)));
    else change([...lines, { productId: product.id, quantity: 1, productName: product.name, productCover: product.cover, price: product.price }]);
  };
  const maxOf = (line: ItemLine) => Math.max(1, Math.min(byId.get(line.productId)?.stock ?? ORDER_LIMITS.quantity, ORDER_LIMITS.quantity));

  const columns: TableColumnProps<ItemLine>[] = [
    {
      title: t('mall.order.product'),
      dataIndex: 'productId',
      render: (_, line) => {
        const cover = byId.get(line.productId)?.cover ?? line.productCover;
        return (
          <span className="ba-order-product">
            {cover ? <ImageThumb src={cover} label={nameOf(line)} /> : <span className="ba-order-no-cover" aria-hidden />}
            <span>{nameOf(line)}</span>
          </span>
        );
      },
    },
    { title: t('mall.order.price'), dataIndex: 'price', width: 110, align: 'right', render: (_, line) => yuan(priceOf(line)) },
    {
      title: t('mall.order.quantity'),
      dataIndex: 'quantity',
      width: 130,
      render: (_, line) => (
        <InputNumber
          size="small"
          mode="button"
          min={1}
          max={maxOf(line)}
          precision={0}
          value={line.quantity}
          disabled={disabled}
          aria-label={t('mall.order.quantityOf', { name: nameOf(line) })}
          onChange={(quantity) => change(lines.map((l) => (l === line ? { ...l, quantity: Math.max(1, Math.round(Number(quantity) || 1)) } : l)))}
        />
      ),
    },
    { title: t('mall.order.lineAmount'), dataIndex: 'amount', width: 120, align: 'right', render: (_, line) => yuan(priceOf(line) * line.quantity) },
    ...(disabled
      ? []
      : [
          {
            title: '',
            dataIndex: 'remove',
            width: 56,
            render: (_: unknown, line: ItemLine) => (
              <Button
                type="text"
                size="mini"
                status="danger"
                icon={<IconDelete />}
                aria-label={t('mall.order.removeLine', { name: nameOf(line) })}
                title={t('mall.order.removeLine', { name: nameOf(line) })}
                onClick={() => change(lines.filter((l) => l !== line))}
              />
            ),
          },
        ]),
  ];

  return (
    <div className="ba-order-items" data-testid="order-items">
      {disabled ? null : (
        <Select
          className="ba-order-product-select"
          showSearch
          value={undefined}
          placeholder={t('mall.order.chooseProductPlaceholder')}
          aria-label={t('mall.order.chooseProduct')}
          loading={products.loading}
          filterOption={(input, option) => String((option as { props?: { extra?: string } }).props?.extra ?? '').toLowerCase().includes(input.trim().toLowerCase())}
          notFoundContent={
            products.failed ? (
              <div className="ba-order-products-failed">
                {t('mall.order.productsFailed')}{' '}
                <Button type="text" size="mini" onClick={() => void products.reload()}>
                  {t('mall.order.retry')}
                </Button>
              </div>
            ) : (
              <Empty description={t('mall.order.noProducts')} />
            )
          }
          onChange={(id: string) => {
            const product = byId.get(id);
            if (product) add(product);
          }}
          getPopupContainer={() => document.body}
        >
          {(products.data ?? []).map((p) => (
            <Select.Option key={p.id} value={p.id} extra={p.name} disabled={p.stock <= 0}>
              <span className="ba-order-choice">
                <span>{p.name}</span>
                <span className="ba-order-muted">
                  {yuan(p.price)} · {t('mall.order.stock', { count: p.stock })}
                </span>
              </span>
            </Select.Option>
          ))}
        </Select>
      )}
      <Table
        rowKey="productId"
        columns={columns}
        data={lines}
        pagination={false}
        border={false}
        size="small"
        noDataElement={<Empty description={t('mall.order.noLines')} />}
      />
      <div className="ba-order-total" data-testid="order-total">
        {t('mall.order.total', { goods: yuan(goods), freight: yuan(freight), pay: yuan(goods + freight) })}
        {repriced && lines.length ? <span className="ba-order-muted"> · {t('mall.order.totalNote')}</span> : null}
      </div>
    </div>
  );
}
