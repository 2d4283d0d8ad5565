/** Where the alarm tip's click-through goes: the car sub-product's alarm centre (menu 8004). */
export const ALARM_PAGE = '/car/alarm';
