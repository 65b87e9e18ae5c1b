/**
 * The elements that are not on the first screen: the reducer's loop (with every reducer's
 * listing), "Fix and regress" (with its charts), the reducers' comparison, a lesson's length
 * slider, the verification card, the lesson gallery and the share dialog. `delta-lab` loads this
 * module once the page is shown; an element rendered before it arrives upgrades when it does.
 */
import './dl-algorithm-pane.js';
import './dl-compare-panel.js';
import './dl-lesson-gallery.js';
import './dl-regress-panel.js';
import './dl-share-dialog.js';
import './dl-stretch-panel.js';
import './dl-verify-card.js';
