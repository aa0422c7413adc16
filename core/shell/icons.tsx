import type { ComponentType } from 'react';
import {
  IconApps, IconArchive, IconBook, IconBranch, IconBug, IconBulb, IconCalendar, IconCamera, IconCheckCircle,
  IconClockCircle, IconCloud, IconCode, IconCodeSquare, IconCommon, IconCompass, IconCopy, IconCustomerService,
  IconDashboard, IconDelete, IconDesktop, IconDriveFile, IconEdit, IconEmail, IconExperiment, IconExport, IconEye,
  IconFile, IconFileImage, IconFilter, IconFire, IconFolder, IconGift, IconHistory, IconHome, IconIdcard, IconImage,
  IconImport, IconInfoCircle, IconLanguage, IconLayout, IconLink, IconList, IconLocation, IconLock, IconMenu,
  IconMessage, IconMobile, IconNav, IconNotification, IconPalette, IconPhone, IconPlus, IconPrinter, IconPublic,
  IconQrcode, IconRobot, IconSafe, IconSchedule, IconSearch, IconSend, IconSettings, IconShareAlt, IconSkin,
  IconStamp, IconStar, IconStorage, IconSwap, IconSync, IconTag, IconTags, IconThunderbolt, IconTool, IconTrophy,
  IconUpload, IconUser, IconUserAdd, IconUserGroup, IconVideoCamera, IconWechat, IconWechatpay,
} from '@arco-design/web-react/icon';

/**
 * Menu icons by name. The server stores a name per menu (`source`); a curated set keeps the layout chunk
 * small (all of Arco's icons would add ~40 kB). Names are kebab-case Arco names; BladeX/Element classes
 * (`iconfont icon-caidan`, `el-icon-menu`) and unknown names fall back to the default menu icon.
 */
const ICONS: Record<string, ComponentType> = {
  apps: IconApps, archive: IconArchive, book: IconBook, branch: IconBranch, bug: IconBug, bulb: IconBulb,
  calendar: IconCalendar, camera: IconCamera, 'check-circle': IconCheckCircle, clock: IconClockCircle,
  'clock-circle': IconClockCircle, cloud: IconCloud, code: IconCode, 'code-square': IconCodeSquare, common: IconCommon,
  compass: IconCompass, copy: IconCopy, 'customer-service': IconCustomerService, dashboard: IconDashboard,
  delete: IconDelete, desktop: IconDesktop, 'drive-file': IconDriveFile, edit: IconEdit, email: IconEmail,
  experiment: IconExperiment, export: IconExport, eye: IconEye, file: IconFile, 'file-image': IconFileImage,
  filter: IconFilter, fire: IconFire, folder: IconFolder, gift: IconGift, history: IconHistory, home: IconHome,
  idcard: IconIdcard, image: IconImage, import: IconImport, info: IconInfoCircle, 'info-circle': IconInfoCircle,
  language: IconLanguage, layout: IconLayout, link: IconLink, list: IconList, location: IconLocation, lock: IconLock,
  menu: IconMenu, message: IconMessage, mobile: IconMobile, nav: IconNav, notification: IconNotification,
  palette: IconPalette, phone: IconPhone, plus: IconPlus, printer: IconPrinter, public: IconPublic, qrcode: IconQrcode,
  robot: IconRobot, safe: IconSafe, schedule: IconSchedule, search: IconSearch, send: IconSend, setting: IconSettings,
  settings: IconSettings, share: IconShareAlt, skin: IconSkin, stamp: IconStamp, star: IconStar, storage: IconStorage,
  swap: IconSwap, sync: IconSync, tag: IconTag, tags: IconTags, thunderbolt: IconThunderbolt, tool: IconTool,
  trophy: IconTrophy, upload: IconUpload, user: IconUser, 'user-add': IconUserAdd, 'user-group': IconUserGroup,
  team: IconUserGroup, video: IconVideoCamera, wechat: IconWechat, wechatpay: IconWechatpay, shop: IconGift,
  form: IconEdit, 'file-text': IconFile, money: IconWechatpay,
};

/** `IconHome`, `icon-home`, `iconfont icon-home`, `Home` → `home`. */
export function iconKey(name: string | undefined): string {
  if (!name) return '';
  const last = name.trim().split(/\s+/).pop() ?? '';
  return last
    .replace(/^Icon(?=[A-Z])/, '')
    .replace(/^(el-)?icon-?/i, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
}

export function hasMenuIcon(name: string | undefined): boolean {
  return iconKey(name) in ICONS;
}

export function MenuIcon({ name }: { name?: string }) {
  const Icon = ICONS[iconKey(name)] ?? IconMenu;
  return <Icon />;
}
