/** Where the alarm tip's click-through goes: the car sub-product's alarm centre (menu 8004). */
export const ALARM_PAGE = '/car/alarm';

/** Where the alarm tip's 定位 takes an operator on the car pages: the monitor map, `?vehicleId=` selecting the vehicle. */
export const CAR_MONITOR_PAGE = '/car/monitor';

/** The car sub-product's button permission to handle alarms (the tip's 处理). */
export const PROCESS_ALARM = 'car:alarm:process';
