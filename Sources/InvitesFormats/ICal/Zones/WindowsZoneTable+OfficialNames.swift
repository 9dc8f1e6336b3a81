// The display names CLDR's windowsZones.xml gives each Windows zone in a comment (unicode-org/cldr,
// common/supplemental/windowsZones.xml at 062dc06d16b0884bc42b0b04e5408aec6b85eb20), then the forms of
// Microsoft's own table that differ from those (OfficeDev/Microsoft-Teams-Shifts-WFM-Connectors,
// Kronos-Shifts-Connector/timezones.md at a10c904f5158f18622e7a2ad1afc990bb4718dbe): its display names
// and the standard names that are not Windows IDs. Copied by hand from those files; keep the order.

extension WindowsZoneTable {
    /// `name<TAB>target` per line, the target a Windows ID of ``cldrData`` or, for a zone CLDR no
    /// longer lists, an IANA name.
    static let officialNameData = """
        (UTC-12:00) International Date Line West\tDateline Standard Time
        (UTC-11:00) Coordinated Universal Time-11\tUTC-11
        (UTC-10:00) Aleutian Islands\tAleutian Standard Time
        (UTC-10:00) Hawaii\tHawaiian Standard Time
        (UTC-09:30) Marquesas Islands\tMarquesas Standard Time
        (UTC-09:00) Alaska\tAlaskan Standard Time
        (UTC-09:00) Coordinated Universal Time-09\tUTC-09
        (UTC-08:00) Baja California\tPacific Standard Time (Mexico)
        (UTC-08:00) Coordinated Universal Time-08\tUTC-08
        (UTC-08:00) Pacific Time (US & Canada)\tPacific Standard Time
        (UTC-07:00) Arizona\tUS Mountain Standard Time
        (UTC-07:00) Chihuahua, La Paz, Mazatlan\tMountain Standard Time (Mexico)
        (UTC-07:00) Mountain Time (US & Canada)\tMountain Standard Time
        (UTC-07:00) Yukon\tYukon Standard Time
        (UTC-06:00) Central America\tCentral America Standard Time
        (UTC-06:00) Central Time (US & Canada)\tCentral Standard Time
        (UTC-06:00) Easter Island\tEaster Island Standard Time
        (UTC-06:00) Guadalajara, Mexico City, Monterrey\tCentral Standard Time (Mexico)
        (UTC-06:00) Saskatchewan\tCanada Central Standard Time
        (UTC-05:00) Bogota, Lima, Quito, Rio Branco\tSA Pacific Standard Time
        (UTC-05:00) Chetumal\tEastern Standard Time (Mexico)
        (UTC-05:00) Eastern Time (US & Canada)\tEastern Standard Time
        (UTC-05:00) Haiti\tHaiti Standard Time
        (UTC-05:00) Havana\tCuba Standard Time
        (UTC-05:00) Indiana (East)\tUS Eastern Standard Time
        (UTC-05:00) Turks and Caicos\tTurks And Caicos Standard Time
        (UTC-04:00) Asuncion\tParaguay Standard Time
        (UTC-04:00) Atlantic Time (Canada)\tAtlantic Standard Time
        (UTC-04:00) Caracas\tVenezuela Standard Time
        (UTC-04:00) Cuiaba\tCentral Brazilian Standard Time
        (UTC-04:00) Georgetown, La Paz, Manaus, San Juan\tSA Western Standard Time
        (UTC-04:00) Santiago\tPacific SA Standard Time
        (UTC-03:30) Newfoundland\tNewfoundland Standard Time
        (UTC-03:00) Araguaina\tTocantins Standard Time
        (UTC-03:00) Brasilia\tE. South America Standard Time
        (UTC-03:00) Cayenne, Fortaleza\tSA Eastern Standard Time
        (UTC-03:00) City of Buenos Aires\tArgentina Standard Time
        (UTC-03:00) Greenland\tGreenland Standard Time
        (UTC-03:00) Montevideo\tMontevideo Standard Time
        (UTC-03:00) Punta Arenas\tMagallanes Standard Time
        (UTC-03:00) Saint Pierre and Miquelon\tSaint Pierre Standard Time
        (UTC-03:00) Salvador\tBahia Standard Time
        (UTC-02:00) Coordinated Universal Time-02\tUTC-02
        (UTC-01:00) Azores\tAzores Standard Time
        (UTC-01:00) Cabo Verde Is.\tCape Verde Standard Time
        (UTC) Coordinated Universal Time\tUTC
        (UTC+00:00) Dublin, Edinburgh, Lisbon, London\tGMT Standard Time
        (UTC+00:00) Monrovia, Reykjavik\tGreenwich Standard Time
        (UTC+00:00) Sao Tome\tSao Tome Standard Time
        (UTC+01:00) Casablanca\tMorocco Standard Time
        (UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna\tW. Europe Standard Time
        (UTC+01:00) Belgrade, Bratislava, Budapest, Ljubljana, Prague\tCentral Europe Standard Time
        (UTC+01:00) Brussels, Copenhagen, Madrid, Paris\tRomance Standard Time
        (UTC+01:00) Sarajevo, Skopje, Warsaw, Zagreb\tCentral European Standard Time
        (UTC+01:00) West Central Africa\tW. Central Africa Standard Time
        (UTC+02:00) Amman\tJordan Standard Time
        (UTC+02:00) Athens, Bucharest\tGTB Standard Time
        (UTC+02:00) Beirut\tMiddle East Standard Time
        (UTC+02:00) Cairo\tEgypt Standard Time
        (UTC+02:00) Chisinau\tE. Europe Standard Time
        (UTC+02:00) Damascus\tSyria Standard Time
        (UTC+02:00) Gaza, Hebron\tWest Bank Standard Time
        (UTC+02:00) Harare, Pretoria\tSouth Africa Standard Time
        (UTC+02:00) Helsinki, Kyiv, Riga, Sofia, Tallinn, Vilnius\tFLE Standard Time
        (UTC+02:00) Jerusalem\tIsrael Standard Time
        (UTC+02:00) Juba\tSouth Sudan Standard Time
        (UTC+02:00) Kaliningrad\tKaliningrad Standard Time
        (UTC+02:00) Khartoum\tSudan Standard Time
        (UTC+02:00) Tripoli\tLibya Standard Time
        (UTC+02:00) Windhoek\tNamibia Standard Time
        (UTC+03:00) Baghdad\tArabic Standard Time
        (UTC+03:00) Istanbul\tTurkey Standard Time
        (UTC+03:00) Kuwait, Riyadh\tArab Standard Time
        (UTC+03:00) Minsk\tBelarus Standard Time
        (UTC+03:00) Moscow, St. Petersburg\tRussian Standard Time
        (UTC+03:00) Nairobi\tE. Africa Standard Time
        (UTC+03:30) Tehran\tIran Standard Time
        (UTC+04:00) Abu Dhabi, Muscat\tArabian Standard Time
        (UTC+04:00) Astrakhan, Ulyanovsk\tAstrakhan Standard Time
        (UTC+04:00) Baku\tAzerbaijan Standard Time
        (UTC+04:00) Izhevsk, Samara\tRussia Time Zone 3
        (UTC+04:00) Port Louis\tMauritius Standard Time
        (UTC+04:00) Saratov\tSaratov Standard Time
        (UTC+04:00) Tbilisi\tGeorgian Standard Time
        (UTC+04:00) Volgograd\tVolgograd Standard Time
        (UTC+04:00) Yerevan\tCaucasus Standard Time
        (UTC+04:30) Kabul\tAfghanistan Standard Time
        (UTC+05:00) Ashgabat, Tashkent\tWest Asia Standard Time
        (UTC+05:00) Ekaterinburg\tEkaterinburg Standard Time
        (UTC+05:00) Islamabad, Karachi\tPakistan Standard Time
        (UTC+05:00) Qyzylorda\tQyzylorda Standard Time
        (UTC+05:30) Chennai, Kolkata, Mumbai, New Delhi\tIndia Standard Time
        (UTC+05:30) Sri Jayawardenepura\tSri Lanka Standard Time
        (UTC+05:45) Kathmandu\tNepal Standard Time
        (UTC+06:00) Astana\tCentral Asia Standard Time
        (UTC+06:00) Dhaka\tBangladesh Standard Time
        (UTC+06:00) Omsk\tOmsk Standard Time
        (UTC+06:30) Yangon (Rangoon)\tMyanmar Standard Time
        (UTC+07:00) Bangkok, Hanoi, Jakarta\tSE Asia Standard Time
        (UTC+07:00) Barnaul, Gorno-Altaysk\tAltai Standard Time
        (UTC+07:00) Hovd\tW. Mongolia Standard Time
        (UTC+07:00) Krasnoyarsk\tNorth Asia Standard Time
        (UTC+07:00) Novosibirsk\tN. Central Asia Standard Time
        (UTC+07:00) Tomsk\tTomsk Standard Time
        (UTC+08:00) Beijing, Chongqing, Hong Kong, Urumqi\tChina Standard Time
        (UTC+08:00) Irkutsk\tNorth Asia East Standard Time
        (UTC+08:00) Kuala Lumpur, Singapore\tSingapore Standard Time
        (UTC+08:00) Perth\tW. Australia Standard Time
        (UTC+08:00) Taipei\tTaipei Standard Time
        (UTC+08:00) Ulaanbaatar\tUlaanbaatar Standard Time
        (UTC+08:45) Eucla\tAus Central W. Standard Time
        (UTC+09:00) Chita\tTransbaikal Standard Time
        (UTC+09:00) Osaka, Sapporo, Tokyo\tTokyo Standard Time
        (UTC+09:00) Pyongyang\tNorth Korea Standard Time
        (UTC+09:00) Seoul\tKorea Standard Time
        (UTC+09:00) Yakutsk\tYakutsk Standard Time
        (UTC+09:30) Adelaide\tCen. Australia Standard Time
        (UTC+09:30) Darwin\tAUS Central Standard Time
        (UTC+10:00) Brisbane\tE. Australia Standard Time
        (UTC+10:00) Canberra, Melbourne, Sydney\tAUS Eastern Standard Time
        (UTC+10:00) Guam, Port Moresby\tWest Pacific Standard Time
        (UTC+10:00) Hobart\tTasmania Standard Time
        (UTC+10:00) Vladivostok\tVladivostok Standard Time
        (UTC+10:30) Lord Howe Island\tLord Howe Standard Time
        (UTC+11:00) Bougainville Island\tBougainville Standard Time
        (UTC+11:00) Chokurdakh\tRussia Time Zone 10
        (UTC+11:00) Magadan\tMagadan Standard Time
        (UTC+11:00) Norfolk Island\tNorfolk Standard Time
        (UTC+11:00) Sakhalin\tSakhalin Standard Time
        (UTC+11:00) Solomon Is., New Caledonia\tCentral Pacific Standard Time
        (UTC+12:00) Anadyr, Petropavlovsk-Kamchatsky\tRussia Time Zone 11
        (UTC+12:00) Auckland, Wellington\tNew Zealand Standard Time
        (UTC+12:00) Coordinated Universal Time+12\tUTC+12
        (UTC+12:00) Fiji\tFiji Standard Time
        (UTC+12:45) Chatham Islands\tChatham Islands Standard Time
        (UTC+13:00) Coordinated Universal Time+13\tUTC+13
        (UTC+13:00) Nuku'alofa\tTonga Standard Time
        (UTC+13:00) Samoa\tSamoa Standard Time
        (UTC+14:00) Kiritimati Island\tLine Islands Standard Time
        (UTC-02:00) Mid-Atlantic - Old\tEtc/GMT+2
        (UTC+03:00) Moscow, St Petersburg\tRussian Standard Time
        (UTC+08:00) Beijing, Chongqing, Hong Kong SAR, Urumqi\tChina Standard Time
        (UTC+12:00) Petropavlovsk-Kamchatsky - Old\tAsia/Kamchatka
        Co-ordinated Universal Time\tUTC
        Cabo Verde Standard Time\tCape Verde Standard Time
        Mid-Atlantic Standard Time\tEtc/GMT+2
        West Bank Gaza Standard Time\tWest Bank Standard Time
        Jerusalem Standard Time\tIsrael Standard Time
        Russia TZ 1 Standard Time\tKaliningrad Standard Time
        Russia TZ 2 Standard Time\tRussian Standard Time
        Russia TZ 3 Standard Time\tRussia Time Zone 3
        Russia TZ 4 Standard Time\tEkaterinburg Standard Time
        Novosibirsk Standard Time\tN. Central Asia Standard Time
        Russia TZ 6 Standard Time\tNorth Asia Standard Time
        Malay Peninsula Standard Time\tSingapore Standard Time
        Russia TZ 7 Standard Time\tNorth Asia East Standard Time
        Russia TZ 8 Standard Time\tYakutsk Standard Time
        Russia TZ 9 Standard Time\tVladivostok Standard Time
        Russia TZ 10 Standard Time\tRussia Time Zone 10
        Russia TZ 11 Standard Time\tRussia Time Zone 11
        Kamchatka Standard Time\tAsia/Kamchatka
        """
}
