import { definePlugin } from '../../core/sdk/shared';
import { homeMessages, mallHomeCards } from './home';
import { MALL_CATEGORY_DICTIONARY, productMessages, productResource } from './product';
import { orderMessages, orderResource } from './order';

/**
 * 商城管理: the tenant's shop, its products and the orders placed for them. Each area keeps its entity,
 * resource, screen and texts in its own folder; this file only puts them together. It declares the
 * commerce top menu the certificate, genius and course plugins join.
 */
export default definePlugin({
  id: 'mall',
  name: { zh: '商城管理', en: 'Mall' },
  requires: ['dict'],
  menus: [{ code: 'mall', name: { zh: '商城管理', en: 'Mall' }, path: '/mall', icon: 'shop', sort: 5, group: true, roles: ['user'] }],
  topMenus: [{ code: 'top_mall', name: { zh: '商城业务', en: 'Commerce' }, icon: 'shop', sort: 0, menus: ['mall'] }],
  resources: [productResource, orderResource],
  dictionaries: [MALL_CATEGORY_DICTIONARY],
  home: mallHomeCards,
  messages: {
    zh: { mall: { product: productMessages.zh, order: orderMessages.zh, home: homeMessages.zh } },
    en: { mall: { product: productMessages.en, order: orderMessages.en, home: homeMessages.en } },
  },
});
