import { defineResource } from '../../../core/sdk/shared';
import { productEntity } from './entity';

export { MALL_CATEGORY_DICTIONARY, OFF_SALE, ON_SALE, PRODUCT_STATUS_OPTIONS, productEntity, type ProductEntity } from './entity';

/**
 * 商品管理 under 商城管理: the kit's list screen, with the stock of a sold-out product marked. The demo
 * `user` role may look.
 */
export const productResource = defineResource({
  entity: productEntity,
  menu: { parent: 'mall', name: { zh: '商品管理', en: 'Products' }, path: '/mall/product', icon: 'shop', sort: 1 },
  grants: { user: ['view'] },
  screen: () => import('./ProductPage'),
});

/** The screen's own texts, under `mall.product`. */
export const productMessages = {
  zh: { soldOut: '售罄', soldOutHint: '库存为 0，无法下单' },
  en: { soldOut: 'Sold out', soldOutHint: 'No stock: it cannot be ordered' },
};
