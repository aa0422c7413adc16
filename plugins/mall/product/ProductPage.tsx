import { Tag } from '@arco-design/web-react';
import { CrudPage, useTranslation } from '../../../core/sdk/browser';
import { productEntity } from './entity';
import './product.css';

/** The form's order: what the product is, its price and stock, how it is listed, then its pictures and details. */
const FORM_FIELDS = ['name', 'category', 'price', 'originalPrice', 'stock', 'sales', 'unit', 'status', 'sort', 'cover', 'images', 'description'];

/**
 * /mall/product: the kit's list screen for products (cover thumbnail, prices in yuan, status tags), the
 * stock of a sold-out product in red with a tag saying so.
 */
export default function ProductPage() {
  const { t } = useTranslation();
  return (
    <CrudPage
      entity={productEntity}
      table={{
        cells: {
          stock: (value, _row, text) =>
            value === 0 ? (
              <span className="mall-product-sold-out" title={t('mall.product.soldOutHint')}>
                <span className="mall-product-sold-out-count">{text}</span>
                <Tag color="red" size="small">
                  {t('mall.product.soldOut')}
                </Tag>
              </span>
            ) : (
              text
            ),
        },
      }}
      dialog={{ form: { fields: FORM_FIELDS } }}
      // Icons with their names as tooltips: the name and the amounts need the room, in either language.
      iconActions
    />
  );
}
