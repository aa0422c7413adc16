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
import type { MenuIconKey } from './icons';

/**
 * The menu icons' components by name: a chunk of its own (about 90 kB of Arco icon components), fetched
 * the first time an icon is drawn (icons.tsx), so no page waits for it and a page without menu icons never
 * loads it. Typed by the names icons.tsx knows: a name there without an icon here, or the other way round,
 * does not compile.
 */
export const menuIcons: Record<MenuIconKey, ComponentType> = {
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
