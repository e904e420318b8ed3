/**
 * The script after the mobile menu: closes it as the page is left, so the back/forward cache never
 * restores it open (`try`: no hidePopover without the popover API). @param menuId the menu's element id
 */
export const mobileMenuScript = (menuId: string) =>
  `addEventListener("pagehide",function(){try{document.getElementById(${JSON.stringify(menuId)}).hidePopover()}catch(_){}})`;
