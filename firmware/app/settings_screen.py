# Settings: language, when the screen dims and turns off, the roster.

from .screens import Screen, Choice
from .i18n import tr, set_lang
from .settings import DIM_CHOICES, OFF_CHOICES
from .names import NameEdit
from . import ui


def secs(s):
    if not s:
        return tr("never")
    return tr("secs") % s if s < 60 else tr("mins") % (s // 60)


class SettingsScreen(Screen):
    def __init__(self, app):
        Screen.__init__(self, app)
        self.menu = ui.Menu(tr("settings"), [])

    def _fill(self):
        st = self.app.settings
        self.menu.title = tr("settings")
        self.menu.items = [tr("language"), tr("dim_after"), tr("off_after"),
                           tr("roster")]
        self.menu.rights = [tr("lang_name"), secs(st.dim_s), secs(st.off_s),
                            str(len(st.roster))]

    def draw(self, fb):
        self._fill()
        self.menu.draw(fb)

    def key(self, ev):
        self._fill()
        r = self.menu.key(ev)
        if r is None:
            return
        a = self.app
        st = a.settings
        if r < 0:
            a.pop()
        elif r == 0:
            st.lang = 1 - st.lang
            set_lang(st.lang)
            st.save()
        elif r == 1:
            a.push(Choice(a, tr("dim_after"), [secs(s) for s in DIM_CHOICES],
                          lambda i: (setattr(st, "dim_s", DIM_CHOICES[i]),
                                     st.save(), a.pop())))
        elif r == 2:
            a.push(Choice(a, tr("off_after"), [secs(s) for s in OFF_CHOICES],
                          lambda i: (setattr(st, "off_s", OFF_CHOICES[i]),
                                     st.save(), a.pop())))
        elif r == 3:
            self.roster()

    def roster(self):
        a = self.app
        st = a.settings
        items = list(st.roster) + ["+"]

        def pick(i):
            a.pop()
            if i < len(st.roster):
                def rename(name):
                    st.roster[i] = name
                    st.save()
                a.push(NameEdit(a, st.roster[i], rename))
            else:
                a.push(NameEdit(a, "J%d" % (len(st.roster) + 1),
                                lambda name: (st.roster.append(name),
                                              st.save())))
        a.push(Choice(a, tr("roster"), items, pick))
