/**
 * The script placed after the mobile menu (src/components/layout/mobile-menu.tsx): closes the menu
 * when the page is left. A tap on one of its links loads another page, and the back/forward cache
 * would otherwise restore this page with the menu still open. Browsers without the
 * popover API have no hidePopover, hence the try.
 *
 * @param menuId the menu's element id
 */
export const mobileMenuScript = (menuId: string) =>
  `addEventListener("pagehide",function(){try{document.getElementById(${JSON.stringify(menuId)}).hidePopover()}catch(_){}})`;
